import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, signInPath } from './paths';

describe('where signing in to the back office leads', () => {
  it.each([
    ['/admin/staff', '/admin/staff'],
    ['/admin/audit?Action=staff.sign_in&Page=2', '/admin/audit?Action=staff.sign_in&Page=2'],
    ['/admin', '/admin'],
  ])('goes on to %s', (next, destination) => {
    expect(destinationAfterSignIn(next)).toBe(destination);
  });

  it.each([
    null,
    'https://evil.example/admin',
    '//evil.example/admin',
    '/administrator',
    '/gallery',
    '/admin/sign-in?next=%2Fadmin',
    '/admin/setup/abc',
  ])('goes to the home instead of %s', (next) => {
    expect(destinationAfterSignIn(next)).toBe('/admin');
  });

  it('carries the page to come back to in the address', () => {
    expect(signInPath('/admin/audit?Page=2')).toBe(
      '/admin/sign-in?next=%2Fadmin%2Faudit%3FPage%3D2',
    );
    expect(signInPath()).toBe('/admin/sign-in');
  });
});
