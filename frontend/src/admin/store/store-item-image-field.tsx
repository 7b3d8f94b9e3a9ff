import { ImageUpload } from '../../components/ui/image-upload';
import type { CustomField } from '../kit/form-layout';

/** An item's picture: uploaded, previewed and removable; none is sent as null. */
export const storeItemImageField: CustomField<string> = {
  draft: (value) => (typeof value === 'string' ? value : ''),
  value: (draft) => draft.trim() || null,
  render: ({ draft, set, error }) => (
    <>
      <ImageUpload label="Image" onUploaded={set} />
      {draft && (
        <div className="field">
          <img className="admin-image-preview" src={draft} alt="Item preview" />
          <button type="button" className="button button--ghost button--small" onClick={() => set('')}>
            Remove image
          </button>
        </div>
      )}
      {error && <span className="field-error">{error}</span>}
    </>
  ),
};
