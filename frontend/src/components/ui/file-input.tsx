import type { InputHTMLAttributes } from 'react';

type FileInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'id' | 'accept' | 'multiple' | 'disabled' | 'aria-describedby'> & {
  onFiles: (files: FileList | null) => void;
};

/** A file input that empties itself after each pick, so picking the same file again (after removing it) still reports it. */
export function FileInput({ onFiles, ...attributes }: FileInputProps) {
  return (
    <input
      {...attributes}
      className="input"
      type="file"
      onChange={(event) => {
        onFiles(event.target.files);
        event.target.value = '';
      }}
    />
  );
}
