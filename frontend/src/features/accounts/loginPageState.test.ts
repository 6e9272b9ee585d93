import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, readLoginPageState } from './loginPageState';

describe('log-in page state', () => {
  it.each([
    [undefined, '/'],
    ['/gallery/landscapes?Sort=LowToHigh#top', '/gallery/landscapes?Sort=LowToHigh#top'],
    ['/cart', '/cart'],
    ['/login', '/'],
    ['/Sign-Up/', '/'],
    ['/reset-password?email=a%40b.c', '/'],
    ['/not-logged-in?reason=x', '/'],
    ['//evil.example/path', '/'],
    ['https://evil.example/', '/'],
  ])('returns from %s to %s', (from, destination) => {
    expect(destinationAfterLogin(from)).toBe(destination);
  });

  it('reads only text entries of the history state', () => {
    expect(readLoginPageState(null)).toEqual({});
    expect(readLoginPageState({ from: '/cart', notice: 7, email: 'ann@example.com' })).toEqual({
      from: '/cart',
      notice: undefined,
      email: 'ann@example.com',
    });
  });
});
