import { useId, useState, type FormEvent } from 'react';
import { MAX_REPLY_IMAGES, TICKET_MESSAGES } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { ImagePicker } from './image-picker';

interface TicketReplyFormProps {
  /** The form's accessible name. */
  name: string;
  /** The message box's label. */
  label: string;
  heading?: string;
  placeholder?: string;
  className: string;
  /** Sends the reply; answers the server's message, if any, for the success toast. */
  send: (reply: { message: string; images: File[] }) => Promise<{ message?: string }>;
  sending: boolean;
}

/**
 * A reply to a ticket, by its member or by staff: a message and up to three images, the server's field errors under
 * their fields, and the form cleared once the reply is in.
 */
export function TicketReplyForm({ name, label, heading, placeholder, className, send, sending }: TicketReplyFormProps) {
  const id = useId();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ message?: string; images?: string }>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      toast.error(TICKET_MESSAGES.replyRequired);
      return;
    }
    try {
      const result = await send({ message, images });
      toast.success(result.message ?? TICKET_MESSAGES.replied);
      setMessage('');
      setImages([]);
      setErrors({});
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors({ message: byField.message, images: byField.images });
      toast.error(errorMessage(error, TICKET_MESSAGES.replyFailed));
    }
  };

  return (
    <form className={className} aria-label={name} onSubmit={(e) => void onSubmit(e)}>
      {heading && <h2 className="ticket-section-title">{heading}</h2>}
      <div className="field">
        <label htmlFor={`${id}-message`}>{label}</label>
        <textarea
          id={`${id}-message`}
          className="textarea"
          rows={5}
          value={message}
          placeholder={placeholder}
          aria-invalid={errors.message ? true : undefined}
          onChange={(e) => {
            setMessage(e.target.value);
            setErrors((current) => ({ ...current, message: undefined }));
          }}
        />
        {errors.message && <span className="field-error">{errors.message}</span>}
      </div>
      <ImagePicker
        label="Images"
        files={images}
        max={MAX_REPLY_IMAGES}
        tooMany={TICKET_MESSAGES.tooManyReplyImages}
        error={errors.images}
        onChange={(files) => {
          setImages(files);
          setErrors((current) => ({ ...current, images: undefined }));
        }}
      />
      <button type="submit" className="button button--primary" disabled={sending || !message.trim()}>
        {sending ? 'Sending...' : 'Send Reply'}
      </button>
    </form>
  );
}
