import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/Button';
import { AddShoppingCartIcon, RadioIcons } from '@/components/ui/icons';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { itemAdded, selectIsInCart } from '@/lib/cart/cartSlice';
import { describeSize } from '@/lib/format/size';
import { formatMoney } from '@/lib/money/money';
import type { Offer } from '../types';
import '@/components/ui/controls.css';
import './PicturePage.css';

interface AttributePickerProps {
  offer: Offer;
  /** False while the prices are being fetched again in a new currency. */
  pricesAreCurrent: boolean;
}

/** The choice of size and licence, and "Add to cart" for the chosen one. */
export function AttributePicker({ offer, pricesAreCurrent }: AttributePickerProps) {
  const dispatch = useAppDispatch();
  const [chosenId, setChosenId] = useState(offer.attributes[0]?.id);
  const chosen = offer.attributes.find((attribute) => attribute.id === chosenId);
  const inCart = useAppSelector((state) =>
    chosen === undefined ? false : selectIsInCart(state, chosen.id),
  );
  const available = offer.status === 'Active';

  const addToCart = () => {
    if (chosen === undefined) return;
    const name = `“${offer.title}” (${chosen.name})`;
    if (inCart) {
      dispatch(messageShown(`${name} is already in your cart.`, 'info'));
      return;
    }
    dispatch(
      itemAdded({
        offerId: offer.id,
        urlName: offer.urlName,
        title: offer.title,
        thumbnail: offer.thumbnail,
        attributes: { ...chosen },
      }),
    );
    dispatch(messageShown(`${name} was added to your cart.`, 'success'));
  };

  return (
    <div>
      <fieldset className="size-choice" disabled={!available}>
        <legend className="size-choice__legend">Choose a size</legend>
        <div role="radiogroup" className="size-choice__sizes">
          {offer.attributes.map((attribute) => (
            <label key={attribute.id} className="choice">
              <span className="radio">
                <input
                  type="radio"
                  className="radio__input"
                  name="attribute"
                  value={String(attribute.id)}
                  checked={attribute.id === chosenId}
                  onChange={() => setChosenId(attribute.id)}
                />
                <RadioIcons />
              </span>
              <span className="type-body1 choice__label">
                <span className="size-choice__size">
                  <span>
                    <strong>{attribute.name}</strong>,{' '}
                    {describeSize(attribute.longEdge, attribute.licence)}
                  </span>
                  <span>{formatMoney(attribute.price)}</span>
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        variant="contained"
        size="large"
        startIcon={<AddShoppingCartIcon />}
        onClick={addToCart}
        disabled={!available || chosen === undefined || !pricesAreCurrent}
        className="size-choice__add"
      >
        Add to cart
      </Button>
      {inCart && (
        <p className="type-body2 text-secondary size-choice__in-cart">This size is in your cart.</p>
      )}
    </div>
  );
}
