/** The empty list's error paragraph keeps the server's question and never doubles a full stop. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http/errors.js';
import { errorParagraph } from '../../../src/ui/store/status.js';

describe('errorParagraph', () => {
  it('keeps a question mark at the end of what was said', () => {
    const text = errorParagraph(new ApiError('bad-response', 'BAD_RESPONSE', 'got HTML — is the base URL right?'));
    expect(text).toContain('is the base URL right? ');
    expect(text).not.toContain('right.');
  });

  it('ends a sentence with one full stop', () => {
    const text = errorParagraph(new ApiError('bad-response', 'BAD_RESPONSE', 'The server sent a response that is not a list.'));
    expect(text).not.toMatch(/\.\./);
    expect(text).not.toMatch(/\. *\./);
  });
});
