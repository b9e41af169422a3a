import { RouterProvider } from 'react-router';
import { router } from './routes/router';
import { DialogHost } from './ui/dialog';
import { ToastHost } from './ui/toast';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <DialogHost />
      <ToastHost />
    </>
  );
}
