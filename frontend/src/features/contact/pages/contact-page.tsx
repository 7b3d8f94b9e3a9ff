import { PageHeading } from '../../../components/ui/page-heading';

export default function ContactPage() {
  return (
    <section className="page container">
      <PageHeading title="Contact" lead="Questions, partnerships or feedback: send us a message." />
    </section>
  );
}
