export { BannedPage } from "./BannedPage.tsx";
export { LogoutPage } from "./LogoutPage.tsx";
export { RegisterPage } from "./RegisterPage.tsx";
export { ResetPasswordPage } from "./ResetPasswordPage.tsx";
