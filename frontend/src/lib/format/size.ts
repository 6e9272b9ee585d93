/** Licences of a purchasable size (DESIGN.md section 4). */
export type Licence = 'Personal' | 'Commercial' | 'ExclusiveCommercial';

const LICENCE_LABELS: Record<Licence, string> = {
  Personal: 'personal licence',
  Commercial: 'commercial licence',
  ExclusiveCommercial: 'exclusive commercial licence',
};

function isLicence(value: string): value is Licence {
  return value in LICENCE_LABELS;
}

export function licenceLabel(licence: string): string {
  return isLicence(licence) ? LICENCE_LABELS[licence] : `${licence} licence`;
}

/** "3,840 px, personal licence": the long edge and the licence of a bought or offered size. */
export function describeSize(longEdge: number, licence: string): string {
  return `${longEdge.toLocaleString('en')} px, ${licenceLabel(licence)}`;
}

/** "Large, 3,840 px, personal licence": a size by its name, as the cart and the orders list it. */
export function describeNamedSize(name: string, longEdge: number, licence: string): string {
  return `${name}, ${describeSize(longEdge, licence)}`;
}
