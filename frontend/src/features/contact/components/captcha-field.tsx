import { useEffect } from 'react';
import { CONTACT_MESSAGES } from '@kickback/contracts';
import { useToast } from '../../../lib/use-toast';
import { useGetCaptchaQuery } from '../contact-api';

interface CaptchaFieldProps {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The token of the image on screen, or null while none is loaded. */
  onToken: (token: string | null) => void;
}

/** The captcha image, its reload button and the code input (SPEC §2 Contact). */
export function CaptchaField({ id, value, error, onChange, onToken }: CaptchaFieldProps) {
  const toast = useToast();
  const { data, isFetching, isError, refetch } = useGetCaptchaQuery(undefined, { refetchOnMountOrArgChange: true });
  const token = isFetching || isError ? null : (data?.token ?? null);

  useEffect(() => onToken(token), [token, onToken]);
  useEffect(() => {
    if (isError) toast.error(CONTACT_MESSAGES.captchaLoadFailed);
  }, [isError, toast]);

  return (
    <div className="field">
      <label htmlFor={id}>Verification code</label>
      <div className="captcha-row">
        <div className="captcha-image" aria-busy={isFetching}>
          {data && !isError ? (
            <img src={data.image} alt="Verification code image" width={150} height={50} />
          ) : (
            <span className="field-hint">{isError ? CONTACT_MESSAGES.captchaLoadFailed : 'Loading...'}</span>
          )}
        </div>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            onChange('');
            void refetch();
          }}
          disabled={isFetching}
          aria-label="Load a new verification code"
        >
          Reload
        </button>
      </div>
      <input
        id={id}
        className="input captcha-input"
        name="captcha_answer"
        type="text"
        required
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
