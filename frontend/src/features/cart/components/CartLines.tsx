import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PricedLine } from '@/components/PricedLine';
import { Thumbnail } from '@/components/Thumbnail';
import { IconButton } from '@/components/ui/IconButton';
import { CardGiftcardOutlinedIcon, DeleteOutlinedIcon } from '@/components/ui/icons';
import { picturePath } from '@/features/gallery';
import { describeNamedSize } from '@/lib/format/size';
import { formatMoney } from '@/lib/money/money';
import { giftCardRemoved, itemRemoved, selectCart } from '@/lib/cart/cartSlice';

const THUMBNAIL_SIZE = 72;

/** The cart's pictures and gift card, each with its price and a way to take it out. */
export function CartLines() {
  const { items, giftCard } = useAppSelector(selectCart);
  const dispatch = useAppDispatch();
  return (
    <ul aria-label="Cart items" className="plain-list">
      {items.map((item) => {
        const name = `“${item.title}” (${item.attributes.name})`;
        return (
          <PricedLine
            key={item.attributes.id}
            start={<Thumbnail sources={item.thumbnail} alt="" size={THUMBNAIL_SIZE} />}
            title={
              <RouterLink to={picturePath(item.urlName)} className="text-link">
                {item.title}
              </RouterLink>
            }
            detail={describeNamedSize(
              item.attributes.name,
              item.attributes.longEdge,
              item.attributes.licence,
            )}
            price={formatMoney(item.attributes.price)}
            end={
              <RemoveButton
                label={`Remove ${name} from the cart`}
                onClick={() => dispatch(itemRemoved(item.attributes.id))}
              />
            }
          />
        );
      })}
      {giftCard !== null && (
        <PricedLine
          start={<GiftCardIcon />}
          title="Gift card"
          detail={
            <>
              Worth {formatMoney(giftCard)} ({giftCard.currency}); its number appears in your order
              history once the order is paid.
            </>
          }
          price={formatMoney(giftCard)}
          end={
            <RemoveButton
              label="Remove the gift card from the cart"
              onClick={() => dispatch(giftCardRemoved())}
            />
          }
        />
      )}
    </ul>
  );
}

function GiftCardIcon() {
  return (
    <span
      aria-hidden="true"
      className="thumbnail gift-card-icon"
      style={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }}
    >
      <CardGiftcardOutlinedIcon />
    </span>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton aria-label={label} onClick={onClick}>
      <DeleteOutlinedIcon />
    </IconButton>
  );
}
