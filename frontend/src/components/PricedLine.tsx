import type { ReactNode } from 'react';
import './PricedLine.css';

interface PricedLineProps {
  title: ReactNode;
  /** Under the title: the size bought, what a gift card is worth. */
  detail: ReactNode;
  price: string;
  /** Before the text, e.g. a thumbnail. */
  start?: ReactNode;
  /** After the price, e.g. a way to take the line out. */
  end?: ReactNode;
}

/** One line of a cart or an order: what it is and what it costs. Goes in a `ul`. */
export function PricedLine({ title, detail, price, start, end }: PricedLineProps) {
  return (
    <li className="priced-line">
      {start}
      <div className="priced-line__text">
        <p className="type-body1 text-strong">{title}</p>
        <div className="type-body2 text-secondary">{detail}</div>
      </div>
      <p className="type-body1 text-strong priced-line__price">{price}</p>
      {end}
    </li>
  );
}
