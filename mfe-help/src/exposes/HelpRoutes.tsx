import { Route, Routes } from 'react-router';

export default function HelpRoutes() {
  return (
    <Routes>
      <Route index element={<p>help index</p>} />
      <Route path="privacy-policy" element={<p>privacy</p>} />
    </Routes>
  );
}
