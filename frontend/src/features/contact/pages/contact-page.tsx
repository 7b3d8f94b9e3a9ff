import { PageHeading } from '../../../components/ui/page-heading';
import { ContactForm } from '../components/contact-form';
import '../contact.css';

export default function ContactPage() {
  return (
    <section className="page container contact-page">
      <PageHeading title="Contact" lead="Questions, partnerships or feedback: send us a message." />
      <ContactForm />
    </section>
  );
}
