import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { ShoppingCartOutlinedIcon } from '@/components/ui/icons';
import { selectCartCount } from '@/lib/cart/cartSlice';
import './CartLink.css';

/** Above this the count reads "99+". */
const MAX_SHOWN_COUNT = 99;

export function CartLink() {
  const count = useAppSelector(selectCartCount);
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <RouterLink to="/cart" className="icon-button" aria-label={label}>
      <span className="cart-badge-anchor">
        <ShoppingCartOutlinedIcon />
        {count > 0 && (
          <span className="cart-badge">
            {count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : count}
          </span>
        )}
      </span>
    </RouterLink>
  );
}
