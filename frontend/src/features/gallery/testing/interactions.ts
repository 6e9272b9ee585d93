import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/*
 * Role queries that compute accessible names over a whole page take hundreds of milliseconds in
 * jsdom; these helpers find fields by their label and scope option lookups to the open list.
 */

/** An option's text without the count of pictures the gallery's filters add ("Anime (12)"). */
export const withoutCount = (text: string) => text.replace(/ \(\d+\)$/, '');

/**
 * Picks `option` in the select labelled `label`: a native select (whatever count its choices
 * show), or a combobox with a listbox.
 */
export async function chooseOption(user: UserEvent, label: string, option: string) {
  const field = screen.getByLabelText(label);
  if (field instanceof HTMLSelectElement) {
    const choice = [...field.options].find(
      (candidate) => candidate.text === option || withoutCount(candidate.text) === option,
    );
    await user.selectOptions(field, choice ?? option);
    return;
  }
  await user.click(field);
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** The link of the card (or any link) whose visible text includes `title`. */
export async function findCardLink(title: string): Promise<HTMLElement> {
  // The whole title, though a search marks some of its words (<mark>).
  const heading = await screen.findByText((_, element) => element?.textContent === title, {
    selector: 'h3',
  });
  const link = heading.closest('a');
  if (link === null) throw new Error(`"${title}" is not inside a link`);
  return link;
}
