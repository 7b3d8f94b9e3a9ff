import { ImageUpload } from '../../components/ui/image-upload';
import type { CustomField } from '../kit/form-layout';
import { SmallButton } from '../kit/rows';

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
          <SmallButton onClick={() => set('')}>Remove image</SmallButton>
        </div>
      )}
      {error && <span className="field-error">{error}</span>}
    </>
  ),
};
