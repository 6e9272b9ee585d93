import { expect, test } from '@playwright/test';
import { expectAccessible, openBackOfficeScreen, setUpStaffAccount } from './support/backOffice';
import { uniqueEmail } from './support/customers';
import { waitForMail } from './support/outbox';
import { addStaffFromTheCommandLine } from './support/staff';

/**
 * The support desk end to end on the real server: a visitor writes to support from /contact,
 * support (the owner, made on the command line) answers from the desk and keeps a note, the
 * visitor opens the link of the reply mail the server wrote, reads the answer (not the note) and
 * answers; support sees the answer and closes the ticket. Axe checks the desk's screens and the
 * visitor's page.
 */

const QUESTION = 'The download of my order stops halfway. Could you send the file again?';
const REPLY = 'We have sent the file again: please try the download now.';
const NOTE = 'Second time this week for this address.';
const ANSWER = 'It works now, thank you!';

test('support answers a visitor from the desk and the visitor answers through the mailed link', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const visitor = uniqueEmail();

  const reference = await test.step('a visitor writes to support', async () => {
    const form = page.getByRole('form', { name: 'Contact support' });
    await page.goto('/contact');
    await form.getByLabel('E-mail', { exact: true }).fill(visitor);
    await form.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await form
      .getByRole('combobox', { name: 'What is it about?' })
      .selectOption({ label: 'An order' });
    await form.getByLabel('Message', { exact: true }).fill(QUESTION);
    await form.getByRole('button', { name: 'Send' }).click();
    const confirmation = page.getByRole('status', { name: 'Thank you, we have your message' });
    await expect(confirmation).toContainText('Your ticket reference is');
    const text = (await confirmation.textContent()) ?? '';
    return /Your ticket reference is (AS-[A-Z0-9]{4}-[A-Z0-9]{4})\./.exec(text)?.[1] ?? '';
  });
  expect(reference).toMatch(/^AS-/);

  await test.step('support answers from the desk and keeps a note', async () => {
    await setUpStaffAccount(page, addStaffFromTheCommandLine(uniqueEmail(), 'owner'));
    await openBackOfficeScreen(page, 'Tickets');
    await expectAccessible(page, 'the ticket list');
    await page.getByRole('link', { name: reference }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Ticket ${reference}` }),
    ).toBeVisible();
    await expect(page.getByText(QUESTION)).toBeVisible();
    await page.getByLabel('Reply', { exact: true }).fill(REPLY);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(REPLY)).toBeVisible();
    await page.getByRole('checkbox', { name: /Internal note/ }).check();
    await page.getByLabel('Note', { exact: true }).fill(NOTE);
    await page.getByRole('button', { name: 'Add note' }).click();
    const note = page.getByRole('listitem').filter({ hasText: NOTE });
    await expect(note).toContainText('Internal note');
    await expectAccessible(page, 'a ticket on the desk');
  });

  const link = await test.step('the reply mail holds the reference and a link', async () => {
    const body = await waitForMail(visitor, (text) => text.includes(REPLY));
    expect(body).toContain(reference);
    expect(body).not.toContain(NOTE);
    const found = /https?:\/\/\S+\/support\/tickets\/\d+\?t=[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(found, `a link in: ${body}`).toBeDefined();
    return found ?? '';
  });

  await test.step('the visitor opens the link, reads the answer and answers', async () => {
    const context = await browser.newContext();
    const visitorPage = await context.newPage();
    await visitorPage.goto(link);
    await expect(
      visitorPage.getByRole('heading', { level: 1, name: `Request ${reference}` }),
    ).toBeVisible();
    await expect(visitorPage.getByText(REPLY)).toBeVisible();
    await expect(visitorPage.getByText(NOTE)).toHaveCount(0);
    await expectAccessible(visitorPage, "the visitor's request");
    await visitorPage.getByLabel('Reply', { exact: true }).fill(ANSWER);
    await visitorPage.getByRole('button', { name: 'Send' }).click();
    await expect(visitorPage.getByText(ANSWER)).toBeVisible();
    await context.close();
  });

  await test.step('support sees the answer and closes the ticket', async () => {
    await page.reload();
    await expect(page.getByText(ANSWER)).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  });
});
