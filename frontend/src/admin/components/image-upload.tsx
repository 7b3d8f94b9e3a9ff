import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { formatFileSize } from '../../lib/format';
import { useUploadImageMutation } from '../api/admin-uploads-api';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

interface ImageUploadProps {
  label: string;
  onUploaded: (url: string) => void;
}

/** Uploads one image to /api/admin/uploads and hands back its public URL. */
export function ImageUpload({ label, onUploaded }: ImageUploadProps) {
  const id = useId();
  const [upload, { isLoading }] = useUploadImageMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem(`File ${file.name} is not an image`);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(`File ${file.name} is too large (max ${formatFileSize(MAX_IMAGE_BYTES)})`);
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
      <input
        id={id}
        className="input"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={isLoading}
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
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
