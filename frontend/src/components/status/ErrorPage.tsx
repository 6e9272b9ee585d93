import { StatusView } from './StatusView';

export default function ErrorPage() {
  return (
    <StatusView
      title="Something went wrong"
      message="Something went wrong on our side. Please try again in a moment."
    />
  );
}
