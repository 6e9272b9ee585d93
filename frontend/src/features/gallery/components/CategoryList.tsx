import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useGetCategoriesQuery } from '../api/catalogueApi';
import { categoryPath } from '../paths';

const PLACEHOLDERS = 10;

/** The categories with how many pictures each holds, each linking to its gallery. */
export function CategoryList() {
  const { data: categories, isError } = useGetCategoriesQuery(undefined);
  if (isError) return null;
  return (
    <Box component="section" aria-labelledby="categories-heading">
      <Typography id="categories-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        Categories
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {categories === undefined
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <Grid key={index} size={{ xs: 6, sm: 4, md: 2.4 }} component="li" aria-hidden="true">
                <Skeleton variant="rounded" height={72} />
              </Grid>
            ))
          : categories.map((category) => (
              <Grid key={category.urlName} size={{ xs: 6, sm: 4, md: 2.4 }} component="li">
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={categoryPath(category.urlName)}
                    sx={{ height: '100%' }}
                  >
                    <CardContent>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {category.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {category.offerCount === 1
                          ? '1 picture'
                          : `${category.offerCount} pictures`}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
      </Grid>
    </Box>
  );
}
