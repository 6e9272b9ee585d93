import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './saveFile';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="misty-fjord-4K.jpg"', 'misty-fjord-4K.jpg'],
    ['attachment; filename=plain.jpg', 'plain.jpg'],
    ['attachment; filename="fallback.jpg"; filename*=UTF-8\'\'fj%C3%B8rd.jpg', 'fjørd.jpg'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="a \\"quoted\\" name.jpg"', 'a "quoted" name.jpg'],
  ])('reads %s as %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it.each([null, 'attachment', 'attachment; filename=""', 'attachment; filename=".."'])(
    'answers null for %s',
    (header) => {
      expect(fileNameFromContentDisposition(header)).toBeNull();
    },
  );
});
