/** Lightweight fallback while a page chunk loads (no antd, keeps the login path small). */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%', minHeight: 200 }}>
      <div className="app-spinner" aria-busy="true" />
      <style>{'.app-spinner{width:32px;height:32px;border:3px solid #d9d9d9;border-top-color:#409EFF;border-radius:50%;animation:appspin 0.8s linear infinite}@keyframes appspin{to{transform:rotate(360deg)}}'}</style>
    </div>
  );
}
