interface FileInputProps {
  id: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy?: string;
  onFiles: (files: FileList | null) => void;
}

/** A file input that empties itself after each pick, so picking the same file again (after removing it) still reports it. */
export function FileInput({ id, accept, multiple, disabled, describedBy, onFiles }: FileInputProps) {
  return (
    <input
      id={id}
      className="input"
      type="file"
      accept={accept}
      multiple={multiple}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(event) => {
        onFiles(event.target.files);
        event.target.value = '';
      }}
    />
  );
}
