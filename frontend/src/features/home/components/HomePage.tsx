import { ButtonLink } from '@/components/ui/ButtonLink';
import { CategoryList, LatestOffers } from '@/features/gallery';
import { usePageTitle } from '@/hooks/usePageTitle';
import './HomePage.css';

const STEPS = [
  {
    title: 'Browse',
    text: 'Explore the gallery by category, style, orientation and price, shown in your currency.',
  },
  {
    title: 'Choose a size',
    text: 'Every picture comes in HD and 4K for personal use and 8K with a commercial licence.',
  },
  {
    title: 'Download',
    text: 'Your artworks stay in your account, ready to download again whenever you need them.',
  },
] as const;

/** The first page most visitors see (HomePage.css). */
export default function HomePage() {
  usePageTitle('');
  return (
    <>
      <section aria-labelledby="hero-heading" className="home-hero">
        <div className="container container--md">
          <h1 id="hero-heading" className="home-hero__title">
            Welcome to Artshop
          </h1>
          <p className="type-h6 home-hero__lead">
            A gallery of AI-generated art: find a picture you love, take it home in the size you
            need, or create one of your own.
          </p>
          <div className="home-hero__actions">
            <ButtonLink to="/gallery" variant="contained" color="secondary" size="large">
              Browse the gallery
            </ButtonLink>
            <ButtonLink to="/generate" variant="outlined" color="inherit" size="large">
              Generate your own
            </ButtonLink>
          </div>
        </div>
      </section>
      <div className="container container--lg home-catalogue">
        <LatestOffers />
        <div className="home-categories">
          <CategoryList />
        </div>
      </div>
      <section aria-label="How it works" className="container container--lg home-steps">
        <div className="grid home-steps__grid">
          {STEPS.map((step) => (
            <div key={step.title}>
              <div className="card home-steps__step">
                <h2 className="type-h6 type-gutter-bottom">{step.title}</h2>
                <p className="type-body1">{step.text}</p>
              </div>
            </div>
          ))}
        </div>
        <div className="home-steps__more">
          <ButtonLink to="/gallery" size="large">
            See all pictures in the gallery
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
