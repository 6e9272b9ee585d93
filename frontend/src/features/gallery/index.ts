/** What other parts of the shop (the home page, the cart, the artworks) may use of the gallery. */
export { CategoryList } from './components/CategoryList';
export { LatestOffers } from './components/LatestOffers';
export { GALLERY_PATH, picturePath } from './paths';
