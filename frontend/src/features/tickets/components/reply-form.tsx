import { TicketReplyForm } from '../../../components/ui/ticket-reply-form';
import { useReplyToTicketMutation } from '../tickets-api';

/** SPEC §2 reply form: message plus up to three images; the ticket reloads and the form clears after sending. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const [reply, { isLoading }] = useReplyToTicketMutation();
  return (
    <TicketReplyForm
      name="Reply"
      heading="Add a Reply"
      label="Message"
      placeholder="Type your reply..."
      className="card ticket-reply-form"
      send={(draft) => reply({ id: ticketId, ...draft }).unwrap()}
      sending={isLoading}
    />
  );
}
