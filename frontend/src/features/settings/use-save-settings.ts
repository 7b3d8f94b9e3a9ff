import { useState } from 'react';
import type { ProfileSection, ProfileUpdateResponse } from '@kickback/contracts';
import { errorMessage, errorStatus, fieldErrors } from '../../lib/api-error';
import { useToast } from '../../lib/use-toast';
import { SAVE_TEXTS, isException } from './settings-messages';

/**
 * Runs one settings call with the SPEC §8 toasts: the server's message on success, its message (else
 * the section's text) on failure, and the section's exception text when no answer arrived at all.
 */
export function useSaveSettings(section: ProfileSection | 'kick') {
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function run(call: () => Promise<ProfileUpdateResponse>): Promise<boolean> {
    const texts = SAVE_TEXTS[section];
    setErrors({});
    try {
      const answer = await call();
      toast.success(answer.message || texts.success);
      return true;
    } catch (error) {
      if (isException(errorStatus(error))) {
        toast.error(texts.exception);
      } else {
        toast.error(errorMessage(error, texts.failure));
        setErrors(fieldErrors(error));
      }
      return false;
    }
  }

  return { run, errors };
}
