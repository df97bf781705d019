// What a chat app accepts as attachments, read from its `/parameters` (`file_upload`, `system_parameters`), and the
// checks a chosen file must pass before it is uploaded. The runtime checks again; these spare a useless upload.
import type { AppParameters } from '@/features/ai/types';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'];

export type AttachmentRules = {
  /** Lower-case extensions without the dot. */
  extensions: string[];
  maxFiles: number;
  /** Whether images are among the accepted types (the app's model reads them). */
  images: boolean;
  documentLimitMb: number;
  imageLimitMb: number;
};

export type AttachmentProblem =
  { problem: 'tooMany'; max: number } | { problem: 'typeNotAllowed'; name: string } | { problem: 'tooLarge'; name: string; limitMb: number };

/** The rules of an app, or null when it takes no attachments. */
export function attachmentRules(params: AppParameters | null): AttachmentRules | null {
  const upload = params?.file_upload;
  if (!upload?.enabled) return null;
  const extensions = (upload.allowed_file_extensions ?? []).map((e) => e.replace(/^\./, '').toLowerCase()).filter(Boolean);
  if (extensions.length === 0) return null;
  return {
    extensions,
    maxFiles: upload.number_limits ?? 3,
    images: extensions.some((e) => IMAGE_EXTENSIONS.includes(e)),
    documentLimitMb: params?.system_parameters?.file_size_limit ?? 15,
    imageLimitMb: params?.system_parameters?.image_file_size_limit ?? 10,
  };
}

export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** Dify's file type of a file name: `image` or `document`. */
export const fileKind = (name: string): 'image' | 'document' => (IMAGE_EXTENSIONS.includes(extensionOf(name)) ? 'image' : 'document');

/** The `accept` attribute of the file input. */
export const acceptAttribute = (rules: AttachmentRules) => rules.extensions.map((e) => `.${e}`).join(',');

/**
 * Which of the chosen files may be uploaded, given how many are attached already; each refused file comes with
 * the reason. Files past the limit are refused once, as one `tooMany`.
 */
export function checkFiles(files: ReadonlyArray<{ name: string; size: number }>, attached: number, rules: AttachmentRules) {
  const accepted: number[] = [];
  const problems: AttachmentProblem[] = [];
  let room = rules.maxFiles - attached;
  files.forEach((file, index) => {
    const kind = fileKind(file.name);
    const limitMb = kind === 'image' ? rules.imageLimitMb : rules.documentLimitMb;
    if (!rules.extensions.includes(extensionOf(file.name))) problems.push({ problem: 'typeNotAllowed', name: file.name });
    else if (file.size > limitMb * 1024 * 1024) problems.push({ problem: 'tooLarge', name: file.name, limitMb });
    else if (room <= 0) {
      if (!problems.some((p) => p.problem === 'tooMany')) problems.push({ problem: 'tooMany', max: rules.maxFiles });
    } else {
      room--;
      accepted.push(index);
    }
  });
  return { accepted, problems };
}
