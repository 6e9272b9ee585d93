import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NavigationPending } from '@/hooks/useNavigationPending';
import { TextField } from '@/components/ui/fields';
import { renderWithProviders } from '@/test/render';
import { AccountForm, SubmitButton } from './AccountForm';

function SignUpLikeForm({ leaving }: { leaving: boolean }) {
  const [password, setPassword] = useState('');
  return (
    <NavigationPending value={leaving}>
      <AccountForm label="Sign up" onSubmit={() => undefined}>
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton loading={false}>Create account</SubmitButton>
      </AccountForm>
    </NavigationPending>
  );
}

describe('AccountForm', () => {
  it('takes no typing while the router is on its way to the next page', () => {
    const { rerender } = renderWithProviders(<SignUpLikeForm leaving={false} />);
    expect(screen.getByLabelText('Password')).toBeEnabled();

    rerender(<SignUpLikeForm leaving />);

    // The address already names the next page: what is typed here would leave with this page.
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
  });
});
