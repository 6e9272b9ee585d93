import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/*
 * Role queries that compute accessible names over a whole page take hundreds of milliseconds in
 * jsdom; these helpers find fields by their label and scope option lookups to the open list.
 */

/**
 * Picks `option` in the select labelled `label`: a native select, or a combobox with a listbox.
 */
export async function chooseOption(user: UserEvent, label: string, option: string) {
  const field = screen.getByLabelText(label);
  if (field instanceof HTMLSelectElement) {
    await user.selectOptions(field, option);
    return;
  }
  await user.click(field);
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** The link of the card (or any link) whose visible text includes `title`. */
export async function findCardLink(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: 'h3' });
  const link = heading.closest('a');
  if (link === null) throw new Error(`"${title}" is not inside a link`);
  return link;
}
