import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type Bot, createBot } from "../api.ts";
import { useBotCache } from "../useBots.ts";
import { Stepper } from "./Stepper.tsx";
import { DoneStep, MethodStep, NameStep } from "./steps.tsx";
import "./wizard.css";

// 'Let's add a new bot' (SPEC §2): 0 choose method → 1 name, then create → 2 confirmation. Back
// from the name returns to the method choice; Next is disabled while the name is blank.

const STEPS = ["Choose method", "Bot name", "Done"] as const;

interface Props {
  isOpen: boolean;
  /** A message to show on opening, e.g. 'Verification failed' after a bad `code` parameter. */
  notice?: string;
  onClose: () => void;
}

export function AddBotWizard({ isOpen, notice, onClose }: Props) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Let's add a new bot"
      icon="add"
      className="wizard-dialog"
    >
      {/* Mounted only while open, so every opening starts at the method choice. */}
      {isOpen ? <Wizard notice={notice} onClose={onClose} /> : null}
    </Dialog>
  );
}

function Wizard({ notice, onClose }: Omit<Props, "isOpen">) {
  const cache = useBotCache();
  const [step, setStep] = useState(0);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [created, setCreated] = useState<Bot | null>(null);

  const create = useMutation({
    mutationFn: () => createBot(name, description.trim()),
    onSuccess: (bot) => {
      cache.put(bot);
      setCreated(bot);
      setStep(2);
    },
  });

  const blank = name.trim() === "";
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !create.isPending) create.mutate();
  };
  const back = () => {
    create.reset();
    setStep(0);
  };

  let body: React.ReactNode;
  let actions: React.ReactNode;
  if (step === 0) {
    body = <MethodStep onWebsite={() => setStep(1)} />;
    actions = <Button onClick={onClose}>Cancel</Button>;
  } else if (step === 1 || !created) {
    body = <NameStep name={name} description={description} onName={setName} onDescription={setDescription} />;
    actions = (
      <>
        <Button onClick={back} icon="arrow-left">
          Back
        </Button>
        <Button
          type="submit"
          intent="primary"
          disabled={blank}
          loading={create.isPending}
          endIcon="arrow-right"
        >
          Next
        </Button>
      </>
    );
  } else {
    body = <DoneStep bot={created} />;
    actions = (
      <Button intent="primary" onClick={onClose}>
        Done
      </Button>
    );
  }

  const error = create.error?.message ?? (step === 0 ? notice : undefined);
  return (
    <form onSubmit={onSubmit}>
      <DialogBody>
        <Stepper steps={STEPS} current={step} />
        {error ? (
          <Callout intent="danger" icon="error" role="alert" className="wizard-error">
            {error}
          </Callout>
        ) : null}
        {body}
      </DialogBody>
      <DialogFooter actions={actions} />
    </form>
  );
}
