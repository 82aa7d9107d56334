import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles';

/** A custom amount the top-up rules refuse: nothing is ordered. */
export function PayRequestError({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-red-500" />
      <p role="alert" className="mt-3 text-sm text-red-600">
        {message}
      </p>
      <Link to="/pricing" className={buttonClass('secondary', 'mt-6')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        返回价格页面
      </Link>
    </div>
  );
}
