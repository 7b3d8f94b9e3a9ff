import { useId } from 'react';
import { formatFileSize } from '../../lib/format';
import { useToast } from '../../lib/use-toast';
import { checkImages, imageProblemsMessage } from '../../lib/image-checks';
import { FileInput } from './file-input';
import './ticket-conversation.css';

interface ImagePickerProps {
  label: string;
  files: File[];
  max: number;
  tooMany: string;
  error?: string;
  onChange: (files: File[]) => void;
}

/** Picks images with the SPEC checks; each chosen file shows its size and can be removed. */
export function ImagePicker({ label, files, max, tooMany, error, onChange }: ImagePickerProps) {
  const id = useId();
  const toast = useToast();

  const add = (list: FileList | null) => {
    if (!list?.length) return;
    const { files: next, problems } = checkImages(files, Array.from(list), max, tooMany);
    if (problems.length) toast.error(imageProblemsMessage(problems));
    onChange(next);
  };

  return (
    <div className="field ticket-images">
      <label htmlFor={id}>{label}</label>
      <FileInput id={id} accept="image/*" multiple aria-describedby={`${id}-hint`} onFiles={add} />
      <span id={`${id}-hint`} className="field-hint">
        Up to {max} images, 5 MB each.
      </span>
      {error && <span className="field-error">{error}</span>}
      {files.length > 0 && (
        <ul className="ticket-images__list">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>{file.name}</span> <span className="ticket-muted">({formatFileSize(file.size)})</span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
