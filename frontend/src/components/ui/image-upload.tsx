import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { checkImages } from '../../lib/image-checks';
import { useUploadImageMutation } from '../../lib/uploads-api';
import { FileInput } from './file-input';

interface ImageUploadProps {
  label: string;
  onUploaded: (url: string) => void;
}

/** Uploads one image at once (admin forms) to /api/admin/uploads and hands back its public URL. */
export function ImageUpload({ label, onUploaded }: ImageUploadProps) {
  const id = useId();
  const [upload, { isLoading }] = useUploadImageMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    // The same checks and messages as the ticket image picker; the server judges the bytes again.
    const [refused] = checkImages([], [file], 1, '').problems;
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      const image = await upload(file).unwrap();
      onUploaded(image.url);
    } catch (error) {
      setProblem(errorMessage(error, 'Upload failed'));
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FileInput
        id={id}
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={isLoading}
        onFiles={(files) => void onFile(files?.[0])}
      />
      {isLoading && (
        <span className="field-hint" role="status">
          Uploading...
        </span>
      )}
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
