import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Thumbnail } from '@/components/Thumbnail';
import { picturePath } from '@/features/gallery';
import { describeSize } from '@/lib/format/size';
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
          <Line
            key={item.attributes.id}
            picture={<Thumbnail sources={item.thumbnail} alt="" size={THUMBNAIL_SIZE} />}
            price={formatMoney(item.attributes.price)}
            removeLabel={`Remove ${name} from the cart`}
            onRemove={() => dispatch(itemRemoved(item.attributes.id))}
          >
            <Link
              component={RouterLink}
              to={picturePath(item.urlName)}
              underline="hover"
              sx={{ fontWeight: 600 }}
            >
              {item.title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {item.attributes.name},{' '}
              {describeSize(item.attributes.longEdge, item.attributes.licence)}
            </Typography>
          </Line>
        );
      })}
      {giftCard !== null && (
        <Line
          picture={
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
          }
          price={formatMoney(giftCard)}
          removeLabel="Remove the gift card from the cart"
          onRemove={() => dispatch(giftCardRemoved())}
        >
          <Typography sx={{ fontWeight: 600 }}>Gift card</Typography>
          <Typography variant="body2" color="text.secondary">
            Worth {formatMoney(giftCard)} ({giftCard.currency}); its number appears in your order
            history once the order is paid.
          </Typography>
        </Line>
      )}
    </Box>
  );
}

interface LineProps {
  picture: ReactNode;
  price: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}

function Line({ picture, price, removeLabel, onRemove, children }: LineProps) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {picture}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
      <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{price}</Typography>
      <Tooltip title="Remove">
        <IconButton aria-label={removeLabel} onClick={onRemove} edge="end">
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
