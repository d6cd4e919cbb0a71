import { TopProgress } from './TopProgress';

/**
 * Fallback while a chunk loads outside the shell (the sign-in page, the shell itself after sign-in): the top bar
 * and a spinner. No antd components here, to keep the /login bundle small; inside the shell, pages get a
 * skeleton instead (PageSkeleton, provided by the shell through PageFallback).
 */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%', minHeight: 200 }}>
      <TopProgress />
      <div className="app-spinner" aria-busy="true" data-testid="page-loading" />
      <style>
        {
          '.app-spinner{width:32px;height:32px;border:3px solid #d9d9d9;border-top-color:#409EFF;border-radius:50%;animation:appspin 0.8s linear infinite}@keyframes appspin{to{transform:rotate(360deg)}}'
        }
      </style>
    </div>
  );
}
