import { RouterProvider } from 'react-router';
import { router } from './routes/router';
import { DialogHost } from './ui/dialog';
import { ToastHost } from './ui/toast';
import { UpdatePrompt } from './ui/UpdatePrompt';

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <DialogHost />
      <ToastHost />
      <UpdatePrompt />
    </>
  );
}
