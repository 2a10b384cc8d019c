import { contactSchema, limits } from "@changeradar/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import AccessTimeOutlined from "@mui/icons-material/AccessTimeOutlined";
import MailOutline from "@mui/icons-material/MailOutline";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { fieldProps } from "../../components/forms/field-props";
import { applyServerErrors } from "../../components/forms/server-errors";
import { officeHours, supportEmail } from "../../lib/site";
import { useAccountMutations } from "../../queries/account-queries";

const contactFormSchema = contactSchema.pick({ name: true, email: true, message: true });
export const contactThanks = "Thank you for contacting us! We will get back to you within one business day.";

export default function ContactPage() {
  const { contactUs } = useAccountMutations();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: "", email: "", message: "" },
  });
  const messageLength = watch("message").length;

  const onSubmit = handleSubmit((values) => {
    contactUs.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(contactThanks, { variant: "success" });
        reset();
        navigate("/");
      },
      onError: (error) => {
        // Spec §8: a contact failure is only logged. Field errors (spec §5) still go under their fields.
        console.error("Contact request failed", error);
        applyServerErrors(error, setError, ["name", "email", "message"]);
      },
    });
  });

  const messageProps = fieldProps(register, errors, "message");
  return (
    <Box>
      <Typography variant="h3" component="h1" gutterBottom>
        Contact Us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Questions about monitoring a page, your plan or an alert? Send us a message and a person will answer.
      </Typography>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              <TextField label="Name" autoComplete="name" {...fieldProps(register, errors, "name")} />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                {...fieldProps(register, errors, "email")}
              />
              <TextField
                label="Message"
                multiline
                minRows={5}
                {...messageProps}
                helperText={messageProps.helperText ?? `${messageLength}/${limits.messageMax}`}
              />
              <Button type="submit" variant="contained" size="large" disabled={contactUs.isPending}>
                Send Message
              </Button>
            </Stack>
          </Box>
        </Paper>
        <Paper variant="outlined" component="aside" sx={{ p: 3, borderRadius: 3, alignSelf: "start" }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Get in touch
          </Typography>
          <Stack spacing={2}>
            <Box sx={{ display: "flex", gap: 1.5 }}>
              <MailOutline color="action" />
              <Box>
                <Typography fontWeight={600}>Support email</Typography>
                <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
              </Box>
            </Box>
            <Box sx={{ display: "flex", gap: 1.5 }}>
              <AccessTimeOutlined color="action" />
              <Box>
                <Typography fontWeight={600}>Office hours</Typography>
                <Typography>{officeHours}</Typography>
              </Box>
            </Box>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
