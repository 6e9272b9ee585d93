/** What other parts of the shop (the home page) may use of the gallery. */
export { CategoryList } from './components/CategoryList';
export { LatestOffers } from './components/LatestOffers';
