import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { itemAdded, selectIsInCart } from '@/lib/cart/cartSlice';
import { describeSize } from '@/lib/format/size';
import { formatMoney } from '@/lib/money/money';
import type { Offer } from '../types';

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
    <Box>
      <FormControl component="fieldset" disabled={!available} sx={{ width: '100%' }}>
        <FormLabel component="legend">Choose a size</FormLabel>
        <RadioGroup
          name="attribute"
          value={chosenId === undefined ? '' : String(chosenId)}
          onChange={(event) => setChosenId(Number(event.target.value))}
        >
          {offer.attributes.map((attribute) => (
            <FormControlLabel
              key={attribute.id}
              value={String(attribute.id)}
              control={<Radio />}
              sx={{ mr: 0, '& .MuiFormControlLabel-label': { flexGrow: 1 } }}
              label={
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <span>
                    <strong>{attribute.name}</strong>,{' '}
                    {describeSize(attribute.longEdge, attribute.licence)}
                  </span>
                  <span>{formatMoney(attribute.price)}</span>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Button
        variant="contained"
        size="large"
        startIcon={<AddShoppingCart />}
        onClick={addToCart}
        disabled={!available || chosen === undefined || !pricesAreCurrent}
        sx={{ mt: 2 }}
      >
        Add to cart
      </Button>
      {inCart && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          This size is in your cart.
        </Typography>
      )}
    </Box>
  );
}
