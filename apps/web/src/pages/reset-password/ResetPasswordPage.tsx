import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { AuthCard } from '../../components/account/AuthCard';
import { BackButton } from '../../components/account/BackButton';
import { buttonClass } from '../../components/ui/button-styles';
import { ResetPasswordForm } from './ResetPasswordForm';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [done, setDone] = useState(false);

  const finish = () => {
    setDone(true);
    // A reset signs the account out everywhere; let the header know.
    void refresh();
  };

  return (
    <AuthCard title="重置密码" subtitle={done ? undefined : '通过绑定的手机号验证身份后设置新密码'} top={<BackButton fallback="/login" />}>
      {done ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-emerald-500" />
          <p className="text-slate-700">密码重置成功！请返回登录页面重新登录。</p>
          <button type="button" onClick={() => navigate('/login')} className={buttonClass('primary', 'w-full py-3 text-base')}>
            返回登录
          </button>
        </div>
      ) : (
        <ResetPasswordForm onDone={finish} />
      )}
    </AuthCard>
  );
}
