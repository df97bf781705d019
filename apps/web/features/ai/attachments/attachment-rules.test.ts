import { describe, expect, it } from 'vitest';
import type { AppParameters } from '@/features/ai/types';
import { acceptAttribute, attachmentRules, checkFiles, fileKind } from './attachment-rules';

const params = (fileUpload: AppParameters['file_upload']): AppParameters => ({
  opening_statement: null,
  suggested_questions: [],
  suggested_questions_after_answer: { enabled: false },
  user_input_form: [],
  file_upload: fileUpload,
  system_parameters: { file_size_limit: 2, image_file_size_limit: 1 },
});

const MB = 1024 * 1024;

describe('attachmentRules', () => {
  it('reads the accepted types, the number and the size limits from /parameters', () => {
    const rules = attachmentRules(params({ enabled: true, allowed_file_extensions: ['.PDF', '.txt', '.png'], number_limits: 2 }));
    expect(rules).toEqual({ extensions: ['pdf', 'txt', 'png'], maxFiles: 2, images: true, documentLimitMb: 2, imageLimitMb: 1 });
    expect(acceptAttribute(rules!)).toBe('.pdf,.txt,.png');
  });

  it('is null for apps without uploads or without a list of types', () => {
    expect(attachmentRules(null)).toBeNull();
    expect(attachmentRules(params({ enabled: false, allowed_file_extensions: ['.pdf'] }))).toBeNull();
    expect(attachmentRules(params({ enabled: true, allowed_file_extensions: [] }))).toBeNull();
    expect(attachmentRules(params(undefined))).toBeNull();
  });
});

describe('checkFiles', () => {
  const rules = attachmentRules(params({ enabled: true, allowed_file_extensions: ['.pdf', '.txt', '.png'], number_limits: 3 }))!;

  it('refuses unknown types and files over their kind’s limit, and keeps to the number left', () => {
    const { accepted, problems } = checkFiles(
      [
        { name: 'a.pdf', size: MB },
        { name: 'b.exe', size: 10 },
        { name: 'big.png', size: MB + 1 },
        { name: 'c.txt', size: 2 * MB },
        { name: 'd.txt', size: 1 },
        { name: 'e.txt', size: 1 },
      ],
      1,
      rules,
    );
    expect(accepted).toEqual([0, 3]);
    expect(problems).toEqual([
      { problem: 'typeNotAllowed', name: 'b.exe' },
      { problem: 'tooLarge', name: 'big.png', limitMb: 1 },
      { problem: 'tooMany', max: 3 },
    ]);
  });

  it('names image and document kinds as Dify does', () => {
    expect(fileKind('Figure.JPG')).toBe('image');
    expect(fileKind('paper.pdf')).toBe('document');
    expect(fileKind('README')).toBe('document');
  });
});
