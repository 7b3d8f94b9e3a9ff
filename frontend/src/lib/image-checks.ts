import { imageTooLarge, notAnImage } from '@kickback/contracts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * SPEC §5 checks done before upload (the server checks the content again).
 * Returns the files that passed and one message per problem.
 */
export function checkImages(current: File[], added: File[], max: number, tooMany: string): { files: File[]; problems: string[] } {
  const problems: string[] = [];
  const files = [...current];
  for (const file of added) {
    if (!file.type.startsWith('image/')) problems.push(notAnImage(file.name));
    else if (file.size > MAX_IMAGE_BYTES) problems.push(imageTooLarge(file.name));
    else if (files.length >= max) {
      if (!problems.includes(tooMany)) problems.push(tooMany);
    } else files.push(file);
  }
  return { files, problems };
}

export const imageProblemsMessage = (problems: string[]) => `Image upload errors: ${problems.join(', ')}`;
