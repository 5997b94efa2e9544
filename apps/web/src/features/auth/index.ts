export { SignInPage } from './components/SignInPage.tsx';
export { SignUpPage } from './components/SignUpPage.tsx';
export { SetPasswordPage } from './components/SetPasswordPage.tsx';
export { ForgotPasswordPage } from './components/ForgotPasswordPage.tsx';
export { SupplierRegistrationPage } from './components/SupplierRegistrationPage.tsx';
export { SupplierRegistrationsPage } from './components/SupplierRegistrationsPage.tsx';
