import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PricedLine } from '@/components/PricedLine';
import { Thumbnail } from '@/components/Thumbnail';
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
    <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => {
        const name = `“${item.title}” (${item.attributes.name})`;
        return (
          <PricedLine
            key={item.attributes.id}
            start={<Thumbnail sources={item.thumbnail} alt="" size={THUMBNAIL_SIZE} />}
            title={
              <Link component={RouterLink} to={picturePath(item.urlName)} underline="hover">
                {item.title}
              </Link>
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
    </Box>
  );
}

function GiftCardIcon() {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: THUMBNAIL_SIZE,
        height: THUMBNAIL_SIZE,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'secondary.light',
        color: 'secondary.contrastText',
        borderRadius: 1,
      }}
    >
      <CardGiftcardOutlined fontSize="large" />
    </Box>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title="Remove">
      <IconButton aria-label={label} onClick={onClick} edge="end">
        <DeleteOutlined />
      </IconButton>
    </Tooltip>
  );
}
