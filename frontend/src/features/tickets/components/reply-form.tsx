import { useId, useState, type FormEvent } from 'react';
import { MAX_REPLY_IMAGES, TICKET_MESSAGES } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../../lib/api-error';
import { useToast } from '../../../lib/use-toast';
import { useReplyToTicketMutation } from '../tickets-api';
import { ImagePicker } from '../../../components/ui/image-picker';

/** SPEC §2 reply form: message plus up to three images; the ticket reloads and the form clears after sending. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const id = useId();
  const toast = useToast();
  const [reply, { isLoading }] = useReplyToTicketMutation();
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
      const result = await reply({ id: ticketId, message, images }).unwrap();
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
    <form className="card ticket-reply-form" aria-label="Reply" onSubmit={(e) => void onSubmit(e)}>
      <h2 className="ticket-section-title">Add a Reply</h2>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          className="textarea"
          rows={5}
          value={message}
          placeholder="Type your reply..."
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
      <button type="submit" className="button button--primary" disabled={isLoading || !message.trim()}>
        {isLoading ? 'Sending...' : 'Send Reply'}
      </button>
    </form>
  );
}
