import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@/lib/money/money';
import { STYLE_LABELS } from '../filters';
import { picturePath } from '../paths';
import { listState } from '../listState';
import type { Offer, OfferFilters } from '../types';
import { Picture } from './Picture';

/** How wide a card is in the gallery grid (2 columns on phones up to 4 on wide screens). */
export const CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 900px) 30vw, 50vw';

interface OfferCardProps {
  offer: Offer;
  /** The list the card is part of, so that the picture page can show its neighbours. */
  list?: OfferFilters;
}

export function OfferCard({ offer, list }: OfferCardProps) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={picturePath(offer.urlName)}
        state={list === undefined ? undefined : listState(list)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Picture
          offer={offer}
          alt=""
          sizes={CARD_SIZES}
          sx={{
            width: '100%',
            aspectRatio: '4 / 3',
            objectFit: 'contain',
            bgcolor: 'grey.100',
          }}
        />
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} noWrap>
            {offer.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {STYLE_LABELS[offer.style]}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            from <strong>{formatMoney(offer.price)}</strong>
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
