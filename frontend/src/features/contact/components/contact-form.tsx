import { useCallback, useId, useState, type FormEvent } from 'react';
import { CONTACT_MESSAGES } from '@kickback/contracts';
import { errorMessage, fieldErrors } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { useSendContactMessageMutation } from '../contact-api';
import { CaptchaField } from './captcha-field';

type Field = 'name' | 'email' | 'subject' | 'message' | 'captcha_answer';
type Values = Record<Field, string>;

const FIELDS: Field[] = ['name', 'email', 'subject', 'message', 'captcha_answer'];

/** SPEC §5: the form starts from the logged-in user's name and email and returns to them after a send. */
function initialValues(user: { name: string | null; username: string; email: string | null } | null): Values {
  return { name: user?.name || user?.username || '', email: user?.email ?? '', subject: '', message: '', captcha_answer: '' };
}

export function ContactForm() {
  const id = useId();
  const toast = useToast();
  const user = useCurrentUser();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const onToken = useCallback((token: string | null) => setCaptchaToken(token), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!captchaToken) return;
    setErrors({});
    try {
      const result = await send({ ...values, captcha_token: captchaToken }).unwrap();
      toast.success(result.message ?? CONTACT_MESSAGES.sent);
      setValues(initialValues(user));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.fromEntries(FIELDS.filter((f) => byField[f]).map((f) => [f, byField[f]])));
      toast.error(errorMessage(error, CONTACT_MESSAGES.sendFailed));
      // The answer belonged to the image that is being replaced.
      setValues((current) => ({ ...current, captcha_answer: '' }));
    }
  };

  const field = (name: Exclude<Field, 'captcha_answer'>, label: string) => {
    const props = {
      id: `${id}-${name}`,
      name,
      required: true,
      value: values[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    };
    return (
      <div className="field">
        <label htmlFor={props.id}>{label}</label>
        {name === 'message' ? (
          <textarea {...props} className="textarea" rows={6} onChange={(e) => set(name, e.target.value)} />
        ) : (
          <input
            {...props}
            className="input"
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
            onChange={(e) => set(name, e.target.value)}
          />
        )}
        {errors[name] && (
          <span id={`${id}-${name}-error`} className="field-error">
            {errors[name]}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className="card contact-form" onSubmit={(e) => void onSubmit(e)} aria-label="Contact form">
      <div className="contact-form__row">
        {field('name', 'Name')}
        {field('email', 'Email')}
      </div>
      {field('subject', 'Subject')}
      {field('message', 'Message')}
      <CaptchaField
        id={`${id}-captcha_answer`}
        value={values.captcha_answer}
        error={errors.captcha_answer}
        onChange={(value) => set('captcha_answer', value)}
        onToken={onToken}
      />
      <button type="submit" className="button button--primary" disabled={isLoading || !captchaToken}>
        {isLoading ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
