import { screen, within } from '@testing-library/react';

/** Queries inside a titled section of a record's page ("Refunds", "Balance"). */
export const section = (name: string) => within(screen.getByRole('region', { name }));
