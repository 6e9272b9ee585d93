import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/customers';
import { waitForMail } from './support/outbox';

/**
 * A visitor writes to support against the real server: the page answers with the ticket's
 * reference and the server mails a confirmation quoting it.
 */

const MESSAGE = 'The download of my order stops halfway. Could you send the file again?';

test('a visitor sends a support ticket and gets a confirmation mail quoting its reference', async ({
  page,
}) => {
  const email = uniqueEmail();
  const form = page.getByRole('form', { name: 'Contact support' });

  await test.step('write the ticket', async () => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await form.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await form
      .getByRole('combobox', { name: 'What is it about?' })
      .selectOption({ label: 'An order' });
    await form.getByLabel('Message', { exact: true }).fill(MESSAGE);
    await expect(form.getByText(`${MESSAGE.length} / 5000`)).toBeVisible();
  });

  const reference = await test.step('send it and read the reference', async () => {
    await form.getByRole('button', { name: 'Send' }).click();
    const confirmation = page.getByRole('status', { name: 'Thank you, we have your message' });
    await expect(confirmation).toContainText(`We have sent a confirmation to ${email}.`);
    const text = (await confirmation.textContent()) ?? '';
    const found = /Your ticket reference is (AS-[A-Z0-9]{4}-[A-Z0-9]{4})\./.exec(text)?.[1];
    expect(found, `a reference in "${text}"`).toBeDefined();
    // The form starts over for the next question.
    await expect(form.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('');
    return found ?? '';
  });

  await test.step('the confirmation mail quotes the reference', async () => {
    const body = await waitForMail(email, (text) => text.includes(reference));
    expect(body).toContain(reference);
  });
});
