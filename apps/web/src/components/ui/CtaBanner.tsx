import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from './button-styles';

interface CtaBannerProps {
  title: string;
  text: string;
  buttonLabel: string;
  to: string;
}

/** The closing call to action of the marketing pages. */
export function CtaBanner({ title, text, buttonLabel, to }: CtaBannerProps) {
  return (
    <section className="px-4 py-16">
      <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-indigo-600 to-sky-500 px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-xl text-indigo-50">{text}</p>
        <Link to={to} className={buttonClass('light', 'mt-8 px-6 py-3 text-base')}>
          {buttonLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}
