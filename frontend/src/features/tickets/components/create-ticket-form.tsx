import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_TICKET_IMAGES, TICKET_DESCRIPTION_MAX, TICKET_MESSAGES, TICKET_TITLE_MAX, type TicketPriority } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { imageProblemsMessage } from '../../../lib/image-checks';
import { PRIORITY_OPTIONS } from '../ticket-labels';
import { useCreateTicketMutation, useGetTicketCategoriesQuery } from '../tickets-api';
import { ImagePicker } from '../../../components/ui/image-picker';

type Field = 'title' | 'description' | 'category_id' | 'images';
type Errors = Partial<Record<Field, string>>;

/** SPEC §5 Ticket create checks, in the SPEC's words. */
function validate(title: string, description: string, categoryId: string): Errors {
  const errors: Errors = {};
  if (!title.trim()) errors.title = TICKET_MESSAGES.titleRequired;
  else if (title.trim().length > TICKET_TITLE_MAX) errors.title = TICKET_MESSAGES.titleTooLong;
  if (!description.trim()) errors.description = TICKET_MESSAGES.descriptionRequired;
  else if (description.trim().length > TICKET_DESCRIPTION_MAX) errors.description = TICKET_MESSAGES.descriptionTooLong;
  if (!categoryId) errors.category_id = TICKET_MESSAGES.categoryRequired;
  return errors;
}

export function CreateTicketForm() {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const categories = useGetTicketCategoriesQuery();
  const [create, { isLoading }] = useCreateTicketMutation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (categories.isError) toast.error(TICKET_MESSAGES.categoriesFailed);
  }, [categories.isError, toast]);

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(title, description, categoryId);
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error(TICKET_MESSAGES.fixErrors);
      return;
    }
    try {
      const result = await create({
        title: title.trim(),
        description: description.trim(),
        category_id: categoryId,
        priority,
        images,
      }).unwrap();
      toast.success(result.message ?? TICKET_MESSAGES.created);
      navigate(`/tickets/${result.id}`);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors({ title: byField.title, description: byField.description, category_id: byField.category_id, images: byField.images });
      const message = errorMessage(error, TICKET_MESSAGES.createFailed);
      // Several image problems already arrive joined; a single one gets the same prefix.
      toast.error(byField.images && !message.startsWith('Image upload errors') ? imageProblemsMessage([message]) : message);
    }
  };

  const described = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const error = (field: Field) =>
    errors[field] && (
      <span id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </span>
    );

  return (
    <form className="card ticket-create-form" aria-label="Create ticket" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="field">
        <label htmlFor={`${id}-title`}>Ticket Title</label>
        <input
          id={`${id}-title`}
          className="input"
          value={title}
          maxLength={TICKET_TITLE_MAX + 1}
          placeholder="Brief summary of your issue"
          {...described('title')}
          onChange={(e) => {
            setTitle(e.target.value);
            clear('title');
          }}
        />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          className="select"
          value={categoryId}
          {...described('category_id')}
          onChange={(e) => {
            setCategoryId(e.target.value);
            clear('category_id');
          }}
        >
          <option value="">{categories.isLoading ? 'Loading categories...' : 'Select a category'}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.description ? `${c.name} - ${c.description}` : c.name}
            </option>
          ))}
        </select>
        {error('category_id')}
      </div>
      <fieldset className="field ticket-priorities">
        <legend>Priority Level</legend>
        <div className="ticket-priorities__grid">
          {PRIORITY_OPTIONS.map((option) => (
            <label key={option.value} className={`ticket-priority-card${priority === option.value ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={`${id}-priority`}
                value={option.value}
                checked={priority === option.value}
                onChange={() => setPriority(option.value)}
              />
              <span className={`ticket-badge ticket-badge--${option.value}`}>{option.label}</span>
              <span className="ticket-muted">{option.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-description`}>Detailed Description</label>
        <textarea
          id={`${id}-description`}
          className="textarea"
          rows={8}
          value={description}
          placeholder="Describe your issue in detail..."
          {...described('description')}
          onChange={(e) => {
            setDescription(e.target.value);
            clear('description');
          }}
        />
        <span className="field-hint">
          {description.length}/{TICKET_DESCRIPTION_MAX}
        </span>
        {error('description')}
      </div>
      <ImagePicker
        label="Attachments"
        files={images}
        max={MAX_TICKET_IMAGES}
        tooMany={TICKET_MESSAGES.tooManyTicketImages}
        error={errors.images}
        onChange={(files) => {
          setImages(files);
          clear('images');
        }}
      />
      <div className="ticket-create-form__actions">
        <Link to="/tickets" className="button button--ghost">
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Ticket'}
        </button>
      </div>
    </form>
  );
}
