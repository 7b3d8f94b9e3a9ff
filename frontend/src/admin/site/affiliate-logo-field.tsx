import { ImageUpload } from '../../components/ui/image-upload';
import { TextField } from '../../components/ui/text-field';
import type { CustomField } from '../kit/form-layout';

/** The logo: an address typed or an upload, previewed under both and named after the affiliate being edited. */
export const affiliateLogoField: CustomField<string> = {
  draft: (value) => (typeof value === 'string' ? value : ''),
  value: (draft) => draft.trim() || null,
  render: ({ draft, set, error, drafts }) => (
    <>
      <div className="admin-grid">
        <TextField label="Logo URL" value={draft} onChange={set} error={error} />
        <ImageUpload label="Upload logo" onUploaded={set} />
      </div>
      {draft && <img className="admin-image-preview" src={draft} alt={`${String(drafts.name ?? '') || 'Affiliate'} logo preview`} />}
    </>
  ),
};
