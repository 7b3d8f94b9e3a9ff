import { useEffect, useRef, useState } from 'react';

/** SPEC §9: the copy confirmation shows for 2000 ms. */
export const COPY_CONFIRMATION_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Clipboard API refused (insecure context or permissions); try the selection fallback.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand?.('copy') ?? false;
  } catch {
    copied = false;
  }
  field.remove();
  return copied;
}

interface CopyCodeButtonProps {
  code: string;
  /** Names what is copied for screen readers, e.g. the partner's name. */
  context?: string;
  /** The button's text ('Copy Code' unless said otherwise, e.g. 'Copy URL'). */
  label?: string;
}

export function CopyCodeButton({ code, context, label = 'Copy Code' }: CopyCodeButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    await copyText(code);
    // The code is on screen either way, so confirm even if the browser refused the clipboard write.
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <>
      <button
        type="button"
        className={
          copied ? 'button button--primary button--small copy-code copy-code--copied' : 'button button--ghost button--small copy-code'
        }
        onClick={copy}
      >
        {copied ? (
          'Copied!'
        ) : (
          <>
            {label}
            {context && <span className="visually-hidden"> for {context}</span>}
          </>
        )}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? `Code ${code} copied to clipboard` : ''}
      </span>
    </>
  );
}
