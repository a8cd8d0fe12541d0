export function ElyxTermsPage() {
  return (
    <main>
      <h1>Elyx Life terms</h1>
      <button type="button" onClick={() => window.close()}>
        Close
      </button>
    </main>
  );
}
